import { Switch, Tooltip } from '@arco-design/web-react';
import { IconMute, IconSound } from '@arco-design/web-react/icon';
import { setAlarmSoundMuted, useAlarmSoundMuted } from '../alarm-sound.ts';
import { useAlarmCommonI18n } from '../use-alarm-common-i18n.ts';

/** The user's switch for the critical-alarm beep: on the alarm list and in the navbar's dropdown. */
export function AlarmSoundSwitch() {
  const { t } = useAlarmCommonI18n();
  const muted = useAlarmSoundMuted();
  return (
    <Tooltip content={t('alarmCommon.sound.hint')} mini position="bottom">
      <span className="alarm-sound-switch">
        {muted ? <IconMute aria-hidden /> : <IconSound aria-hidden />}
        <span>{t('alarmCommon.sound')}</span>
        <Switch
          size="small"
          aria-label={t('alarmCommon.sound')}
          checked={!muted}
          onChange={(on: boolean) => setAlarmSoundMuted(!on)}
        />
      </span>
    </Tooltip>
  );
}
