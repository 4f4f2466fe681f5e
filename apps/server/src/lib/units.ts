// Factors that bring a metric's reading to the unit the console computes in, by the unit its thing
// model names. An unknown unit counts as the base unit (the built-in meters report in it).

/** m³/h per unit of a flow metric (the built-in flow meter reports m³/h). */
export const FLOW_TO_M3H: Record<string, number> = {
  'm³/h': 1,
  'm3/h': 1,
  'L/s': 3.6,
  'l/s': 3.6,
  'm³/s': 3600,
  'm3/s': 3600,
};
/** kW per unit of a power metric. */
export const POWER_TO_KW: Record<string, number> = { kW: 1, W: 0.001, MW: 1000 };
/** kWh per unit of an energy counter. */
export const ENERGY_TO_KWH: Record<string, number> = { kWh: 1, Wh: 0.001, MWh: 1000 };
