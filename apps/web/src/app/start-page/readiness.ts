/** What GET /readyz answers: 200 when the database answers a ping, 503 otherwise, both with this body. */
export interface Readiness {
  status: 'ready' | 'unavailable';
  database: string;
}

/** The probe lives outside /api and its envelope, so it is read directly rather than through callApi. */
export async function fetchReadiness(signal?: AbortSignal): Promise<Readiness> {
  const response = await fetch('/readyz', { headers: { Accept: 'application/json' }, cache: 'no-store', signal });
  const body = (await response.json()) as Partial<Readiness>;
  return {
    status: response.ok && body.status === 'ready' ? 'ready' : 'unavailable',
    database: typeof body.database === 'string' ? body.database : '',
  };
}
