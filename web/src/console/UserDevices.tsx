/**
 * The user's passkeys, trusted devices and live sessions, each with the change the help desk makes to one (remove a
 * lost phone's passkey, forget a shared computer, end a session left open). Devices are named as the user's own
 * security page names them.
 */
import { deviceName, type DeviceWordKey } from '@portal/contract/device-name';
import { useTexts, type Texts } from './console-texts';
import type { Change, ConsolePasskey, ConsoleSession, TrustedDevice } from './console-types';
import { ListSection, type Row } from './ListSection';
import { endSession, forgetDevice, removePasskey } from './user-actions';

export interface UserDevicesProps {
  userId: string;
  passkeys: ConsolePasskey[];
  devices: TrustedDevice[];
  sessions: ConsoleSession[];
  canChange: boolean;
  onChange: (change: Change) => void;
}

const passkeyRows = (texts: Texts, userId: string, passkeys: ConsolePasskey[]): Row[] =>
  passkeys.map((passkey) => ({
    key: passkey.id,
    label: passkey.name,
    line: passkey.lastUsedAt
      ? texts.t('console.passkeys.used', texts.when(passkey.createdAt), texts.when(passkey.lastUsedAt))
      : texts.t('console.passkeys.unused', texts.when(passkey.createdAt)),
    buttons: [
      {
        shown: texts.t('console.passkeys.remove'),
        named: texts.t('console.passkeys.removeNamed', passkey.name),
        change: removePasskey(texts, userId, passkey),
      },
    ],
  }));

function deviceRows(texts: Texts, userId: string, devices: TrustedDevice[]): Row[] {
  const { t, when } = texts;
  return devices.map((device) => {
    const name = deviceName(device, (key: DeviceWordKey, ...params) => t(key, ...params));
    const facts = [t('console.devices.item', when(device.createdAt), when(device.lastUsedAt)), device.address];
    return {
      key: device.id,
      label: name,
      line: [...facts, device.locked ? t('security.devices.locked') : null].filter(Boolean).join(' · '),
      buttons: [
        {
          shown: t('security.devices.forget'),
          named: t('security.devices.forgetNamed', name),
          change: forgetDevice(texts, userId, { id: device.id, name }),
        },
      ],
    };
  });
}

const sessionRows = (texts: Texts, userId: string, sessions: ConsoleSession[]): Row[] =>
  sessions.map((session) => ({
    key: session.id,
    label: session.cobrand,
    line: texts.t('console.sessions.item', texts.when(session.createdAt), texts.when(session.lastSeenAt)),
    buttons: [
      {
        shown: texts.t('console.sessions.end'),
        named: texts.t('console.sessions.endNamed', texts.when(session.createdAt)),
        change: endSession(texts, userId, session),
      },
    ],
  }));

export function UserDevices({ userId, passkeys, devices, sessions, ...change }: UserDevicesProps) {
  const texts = useTexts();
  const { t } = texts;
  return (
    <>
      <ListSection
        id="passkeys"
        heading={t('console.passkeys.heading')}
        none={t('console.passkeys.none')}
        rows={passkeyRows(texts, userId, passkeys)}
        {...change}
      />
      <ListSection
        id="devices"
        heading={t('security.devices.heading')}
        none={t('security.devices.none')}
        rows={deviceRows(texts, userId, devices)}
        {...change}
      />
      <ListSection
        id="sessions"
        heading={t('console.sessions.heading')}
        none={t('console.sessions.none')}
        rows={sessionRows(texts, userId, sessions)}
        {...change}
      />
    </>
  );
}
