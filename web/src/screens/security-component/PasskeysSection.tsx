// My passkeys (issue 34 §3): name, created, last used; add one (the offer page's ceremony), rename, remove (adding and
// removing from a sign-in within five minutes, else the user signs in again and comes back). Only where the cobrand
// offers passkeys. Loaded by the script: the service's render says the section needs it (docs/decisions.md).
import { PasskeyPaths } from '@portal/contract';
import { securitySectionId } from '@portal/contract/security';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { HttpError, call, getJson } from '../../api/client';
import { announce } from '../../components/announce';
import { useHydrated } from '../../page/browser-value';
import { usePage } from '../../page/page-context';
import { createPasskey } from '../../passkeys/create-passkey';
import { ConfirmStep, useConfirmStep } from './confirm-step';
import { useDescribe } from './describe';
import { useSectionCalls } from './section-calls';
import { SignInAgain, useSignInAgain } from './sign-in-again';

/** One passkey as GET /sdportal/rest/passkeys lists it (docs/api.md). */
interface Passkey {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  /** When it was disabled because a copy of it was used: it signs nobody in until removed. */
  disabledAt: number | null;
}

const NAME_MAX = 64;

export function PasskeysSection() {
  const { cobrand } = usePage();
  return (cobrand.passkeys ?? 'off') === 'off' ? null : <Passkeys />;
}

/** The list and its changes: each said when done (announced), focus back on the section's heading. */
function usePasskeys(heading: RefObject<HTMLHeadingElement | null>) {
  const { t } = usePage();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const signInAgain = useSignInAgain();
  const sections = useSectionCalls();
  const reload = async () => setPasskeys((await getJson<{ passkeys: Passkey[] }>(PasskeyPaths.passkeys)).passkeys);

  useEffect(() => {
    reload().catch(sections.failure);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);

  /** A change made: the list read again, the result said, focus back on the heading (the button may be gone). */
  const done = async (said: string) => {
    setEditing(null);
    await reload();
    announce(said);
    heading.current?.focus();
  };

  const add = async () => {
    sections.clear();
    signInAgain.clear();
    try {
      await createPasskey();
    } catch (error) {
      if (signInAgain.caught(error)) return;
      if (error instanceof HttpError && error.status === 401) return sections.failure(error);
      // Given up in the browser, or refused: nothing was added, and the page says so.
      return sections.fail(t('security.passkeys.addFailed'));
    }
    await done(t('security.passkeys.added')).catch(sections.failure);
  };

  const remove = async (passkey: Passkey) => {
    sections.clear();
    signInAgain.clear();
    try {
      await call(PasskeyPaths.passkey(passkey.id), { method: 'DELETE' });
      await done(t('security.passkeys.removed'));
    } catch (error) {
      if (signInAgain.caught(error)) return;
      // Already removed elsewhere: the list is read again.
      if (error instanceof HttpError && error.status === 404)
        return done(t('security.passkeys.removed')).catch(sections.failure);
      sections.failure(error);
    }
  };

  const rename = async (passkey: Passkey, name: string) => {
    sections.clear();
    try {
      await call(PasskeyPaths.passkey(passkey.id), { method: 'PATCH', json: { name } });
      await done(t('security.passkeys.renamed'));
    } catch (error) {
      sections.failure(error);
    }
  };

  return { passkeys, editing, setEditing, signInAgain, sections, add, remove, rename };
}

function Passkeys() {
  const { t } = usePage();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const { passkeys, editing, setEditing, signInAgain, sections, add, remove, rename } = usePasskeys(heading);
  const id = securitySectionId('passkeys');
  return (
    <section className="portal-security__section" aria-labelledby={id}>
      <h2 className="portal-security__heading" id={id} ref={heading} tabIndex={-1}>
        {t('security.passkeys.heading')}
      </h2>
      {!hydrated && <p className="portal-hint">{t('security.needsScript')}</p>}
      {sections.error && <p className="portal-security__error">{sections.error}</p>}
      {signInAgain.asked && <SignInAgain section="passkeys" />}
      {passkeys && passkeys.length === 0 && <p className="portal-hint">{t('security.passkeys.none')}</p>}
      {passkeys && passkeys.length > 0 && (
        <ul className="portal-security__list">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              editing={editing === passkey.id}
              onEdit={(on) => {
                setEditing(on ? passkey.id : null);
                if (!on) heading.current?.focus();
              }}
              onRename={(name) => void rename(passkey, name)}
              onRemove={() => remove(passkey)}
            />
          ))}
        </ul>
      )}
      {hydrated && passkeys && browserSupportsWebAuthn() && (
        <button type="button" className="portal-button portal-button--primary" onClick={() => void add()}>
          {t('security.passkeys.add')}
        </button>
      )}
    </section>
  );
}

interface ItemProps {
  passkey: Passkey;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onRename: (name: string) => void;
  onRemove: () => Promise<void>;
}

/**
 * One passkey: its name and times, and its buttons; Rename opens a one-field form in their place, Remove the question
 * whether to remove it.
 */
function PasskeyItem({ passkey, editing, onEdit, onRename, onRemove }: ItemProps) {
  const { t } = usePage();
  const describe = useDescribe();
  const removing = useConfirmStep();
  return (
    <li className="portal-security__item">
      <p className="portal-security__title">{passkey.name}</p>
      {passkey.disabledAt !== null && <p className="portal-security__error">{t('security.passkeys.disabled')}</p>}
      <dl className="portal-security__facts">
        <dt>{t('security.passkeys.created')}</dt>
        <dd>{describe.time(passkey.createdAt)}</dd>
        <dt>{t('security.passkeys.lastUsed')}</dt>
        <dd>{passkey.lastUsedAt === null ? t('security.passkeys.neverUsed') : describe.time(passkey.lastUsedAt)}</dd>
      </dl>
      {editing ? (
        <RenameForm passkey={passkey} onRename={onRename} onCancel={() => onEdit(false)} />
      ) : removing.open ? (
        <ConfirmStep
          step={removing}
          id={`passkey-remove-${passkey.id}`}
          question={t('security.passkeys.removeQuestion', passkey.name)}
          yes={t('security.passkeys.removeYes', passkey.name)}
          onYes={onRemove}
        />
      ) : (
        <div className="portal-actions">
          {/* Each button names its passkey, in the language's own words around the name (WCAG 2.4.6, 2.5.3). */}
          <button
            type="button"
            className="portal-button portal-button--secondary"
            aria-label={t('security.passkeys.renameNamed', passkey.name)}
            onClick={() => onEdit(true)}
          >
            {t('security.passkeys.rename')}
          </button>{' '}
          <button
            ref={removing.opener}
            type="button"
            className="portal-button portal-button--secondary"
            aria-label={t('security.passkeys.removeNamed', passkey.name)}
            onClick={removing.ask}
          >
            {t('security.passkeys.remove')}
          </button>
        </div>
      )}
    </li>
  );
}

/** The new name: 1 to 64 characters, as the service takes it; focus comes to the field as the form opens. */
function RenameForm({
  passkey,
  onRename,
  onCancel,
}: {
  passkey: Passkey;
  onRename: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = usePage();
  const [name, setName] = useState(passkey.name);
  const [invalid, setInvalid] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const id = `passkey-name-${passkey.id}`;
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > NAME_MAX) {
      setInvalid(true);
      // Focus is on the field already: the live region reads what is wrong with it.
      announce(t('security.passkeys.nameInvalid'));
      return field.current?.focus();
    }
    onRename(trimmed);
  };

  return (
    // Esc leaves the name as it was, as the Cancel button does.
    <form
      className="portal-form"
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
    >
      <div className={`portal-field${invalid ? ' portal-field--error' : ''}`}>
        <label className="portal-field__label" htmlFor={id}>
          {t('security.passkeys.newName')}
        </label>
        {invalid && (
          <p className="portal-field__error" id={`${id}-error`}>
            <span className="portal-visually-hidden">{t('error.prefix')} </span>
            {t('security.passkeys.nameInvalid')}
          </p>
        )}
        <input
          ref={field}
          id={id}
          className="portal-input"
          value={name}
          maxLength={NAME_MAX}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="portal-actions">
        <button type="submit" className="portal-button portal-button--primary">
          {t('security.passkeys.save')}
        </button>{' '}
        <button type="button" className="portal-button portal-button--secondary" onClick={onCancel}>
          {t('security.cancel')}
        </button>
      </div>
    </form>
  );
}
