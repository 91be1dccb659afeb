/**
 * The signed-in operator's own passkeys, where the console offers them: each with when it was added and last used, a
 * new one added through the browser's passkey dialog, one removed. The service asks for a sign-in within the last five
 * minutes for either; the page says so when it refuses.
 */
import { ConsolePaths, consolePasskeyPath, type ConsolePasskey } from '@portal/contract/console';
import { useEffect, useState } from 'react';
import { consoleCall, ConsoleError } from './console-api';
import { useTexts, type Texts } from './console-texts';
import type { Change } from './console-types';
import { ListSection, type Row } from './ListSection';
import { makePasskey } from './passkey-ceremony';
import { Outcome } from './Outcome';
import { useReading } from './use-reading';

function passkeyRows({ t, when }: Texts, passkeys: ConsolePasskey[]): Row[] {
  return passkeys.map((passkey) => {
    const added = when(new Date(passkey.createdAt).toISOString());
    const used = passkey.lastUsedAt === null ? null : when(new Date(passkey.lastUsedAt).toISOString());
    const change: Change = {
      title: t('console.myPasskeys.remove'),
      text: '',
      done: t('console.myPasskeys.removed'),
      path: consolePasskeyPath(passkey.id),
      method: 'DELETE',
    };
    return {
      key: passkey.id,
      label: t('console.myPasskeys.item', added),
      line: used ? t('console.myPasskeys.lastUsed', used) : t('console.myPasskeys.neverUsed'),
      buttons: [{ shown: t('console.myPasskeys.remove'), named: t('console.myPasskeys.removeNamed', added), change }],
    };
  });
}

export function PasskeysView({ ended }: { ended: (error: unknown) => boolean }) {
  const texts = useTexts();
  const { t, failure } = texts;
  const reading = useReading(() => consoleCall<ConsolePasskey[]>(ConsolePaths.passkeys), ended);
  const [busy, setBusy] = useState(false);
  useEffect(() => void reading.load(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const failed = (error: unknown) => {
    setBusy(false);
    if (ended(error)) return;
    // The browser's own dialog closed or failed: no answer reached the service.
    reading.stale(error instanceof ConsoleError ? failure(error) : t('console.myPasskeys.cancelled'));
  };
  const add = () => {
    setBusy(true);
    consoleCall<PublicKeyCredentialCreationOptionsJSON>(ConsolePaths.passkeyOptions, { method: 'POST' })
      .then(makePasskey)
      .then((response) => consoleCall(ConsolePaths.passkeys, { method: 'POST', json: { response } }))
      .then(() => {
        setBusy(false);
        reading.finished(t('console.myPasskeys.added'));
      }, failed);
  };
  const remove = (change: Change) => {
    setBusy(true);
    consoleCall(change.path, { method: 'DELETE' }).then(() => {
      setBusy(false);
      reading.finished(change.done);
    }, failed);
  };
  return (
    <div className="portal-main__content console-card">
      <h1 className="portal-heading">{t('console.myPasskeys.heading')}</h1>
      <p>{t('console.myPasskeys.intro')}</p>
      <Outcome error={reading.error} done={reading.done} />
      {reading.state && (
        <ListSection
          id="passkeys"
          heading={t('console.myPasskeys.listed')}
          none={t('console.myPasskeys.none')}
          rows={passkeyRows(texts, reading.state)}
          canChange
          onChange={remove}
        />
      )}
      <button type="button" className="portal-button portal-button--primary console-add" disabled={busy} onClick={add}>
        {t('console.myPasskeys.add')}
      </button>
    </div>
  );
}
