/**
 * The user's passkeys and live sessions, each with the change the help desk makes to one (remove a lost phone's
 * passkey, end a session left open), its button named with the item it acts on (WCAG 2.5.3: the name holds the word
 * shown).
 */
import { useTexts, type Texts } from './console-texts';
import type { Change, ConsolePasskey, ConsoleSession } from './console-types';
import { endSession, removePasskey } from './user-actions';

export interface UserDevicesProps {
  userId: string;
  passkeys: ConsolePasskey[];
  sessions: ConsoleSession[];
  canChange: boolean;
  onChange: (change: Change) => void;
}

interface Row {
  key: string;
  label: string;
  line: string;
  button: { shown: string; named: string; change: Change };
}

/** One list of the user's: its heading, what it says when empty, and each item with its change. */
function ListSection({
  name,
  rows,
  canChange,
  onChange,
}: { name: string; rows: Row[] } & Omit<UserDevicesProps, 'userId' | 'passkeys' | 'sessions'>) {
  const { t } = useTexts();
  return (
    <section aria-labelledby={`console-${name}-heading`}>
      <h2 className="console-subheading" id={`console-${name}-heading`}>
        {t(`console.${name}.heading`)}
      </h2>
      {rows.length === 0 && <p>{t(`console.${name}.none`)}</p>}
      <ul className="console-list">
        {rows.map(({ key, label, line, button }) => (
          <li key={key} className="console-list__item">
            <span>
              <span className="console-item__name">{label}</span> <span className="console-list__detail">{line}</span>
            </span>
            {canChange && (
              <button
                type="button"
                className="portal-button portal-button--secondary"
                aria-label={button.named}
                onClick={() => onChange(button.change)}
              >
                {button.shown}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const passkeyRows = (texts: Texts, userId: string, passkeys: ConsolePasskey[]): Row[] =>
  passkeys.map((passkey) => ({
    key: passkey.id,
    label: passkey.name,
    line: passkey.lastUsedAt
      ? texts.t('console.passkeys.used', texts.when(passkey.createdAt), texts.when(passkey.lastUsedAt))
      : texts.t('console.passkeys.unused', texts.when(passkey.createdAt)),
    button: {
      shown: texts.t('console.passkeys.remove'),
      named: texts.t('console.passkeys.removeNamed', passkey.name),
      change: removePasskey(texts, userId, passkey),
    },
  }));

const sessionRows = (texts: Texts, userId: string, sessions: ConsoleSession[]): Row[] =>
  sessions.map((session) => ({
    key: session.id,
    label: session.cobrand,
    line: texts.t('console.sessions.item', texts.when(session.createdAt), texts.when(session.lastSeenAt)),
    button: {
      shown: texts.t('console.sessions.end'),
      named: texts.t('console.sessions.endNamed', texts.when(session.createdAt)),
      change: endSession(texts, userId, session),
    },
  }));

export function UserDevices({ userId, passkeys, sessions, ...change }: UserDevicesProps) {
  const texts = useTexts();
  return (
    <>
      <ListSection name="passkeys" rows={passkeyRows(texts, userId, passkeys)} {...change} />
      <ListSection name="sessions" rows={sessionRows(texts, userId, sessions)} {...change} />
    </>
  );
}
