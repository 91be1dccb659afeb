/**
 * The console's operators, for an administrator: each with their role, cobrands and lock, unlocked or removed with a
 * reason (not the administrator themselves); and a new operator added, whose password and authenticator key are shown
 * this once, to be handed over in person.
 */
import type { ConsoleOperator } from '@portal/contract/console';
import { useState, type FormEvent } from 'react';
import { AdminPage } from './AdminPage';
import { adminPath, consoleCall } from './console-api';
import { useTexts, type Texts } from './console-texts';
import type { Change } from './console-types';
import { cobrandsTyped, FormField } from './FormField';
import { ListSection, type Row } from './ListSection';
import { refusals } from './AdminPage';

interface Operator {
  name: string;
  role: ConsoleOperator['role'];
  cobrands: string[] | null;
  lockedAt: string | null;
}

const ROLES: ConsoleOperator['role'][] = ['helpdesk', 'admin', 'auditor'];
const operatorPath = (name: string, rest = '') => adminPath(`/operators/${encodeURIComponent(name)}${rest}`);

const change = (texts: Texts, action: string, name: string, path: string, method: Change['method']): Change => ({
  title: texts.t(`console.action.${action}`),
  text: texts.t(`console.confirm.${action}`, name),
  done: texts.t(`console.done.${action}`, name),
  path,
  method,
  refused: refusals(texts),
});

function operatorRows(texts: Texts, operators: Operator[], me: string): Row[] {
  const { t, when } = texts;
  return operators.map((operator) => {
    const own = operator.name === me;
    const locked = operator.lockedAt ? t('console.operators.locked', when(operator.lockedAt)) : null;
    const facts = [t(`console.role.${operator.role}`), operator.cobrands?.join(', ') ?? t('console.operators.every')];
    const buttons = [];
    if (locked && !own)
      buttons.push({
        shown: t('console.operators.unlock'),
        named: t('console.operators.unlockNamed', operator.name),
        change: change(texts, 'unlockOperator', operator.name, operatorPath(operator.name, '/unlock'), 'POST'),
      });
    if (!own)
      buttons.push({
        shown: t('console.operators.remove'),
        named: t('console.operators.removeNamed', operator.name),
        change: change(texts, 'removeOperator', operator.name, operatorPath(operator.name), 'DELETE'),
      });
    return {
      key: operator.name,
      label: own ? t('console.operators.you', operator.name) : operator.name,
      line: [...facts, locked].filter(Boolean).join(' · '),
      buttons,
    };
  });
}

/** What the new operator is given, this once. */
function Handover({ password, otpauthUri }: { password: string; otpauthUri: string }) {
  const { t } = useTexts();
  return (
    <dl className="console-facts console-secret">
      <div className="console-facts__row">
        <dt>{t('console.signIn.password')}</dt>
        <dd>
          <code>{password}</code>
        </dd>
      </div>
      <div className="console-facts__row">
        <dt>{t('console.operators.uri')}</dt>
        <dd>
          <code>{otpauthUri}</code>
        </dd>
      </div>
    </dl>
  );
}

function AddOperator({ onChange }: { onChange: (change: Change) => void }) {
  const texts = useTexts();
  const { t } = texts;
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    setMissing(!name);
    if (!name) return;
    const role = String(form.get('role')) as ConsoleOperator['role'];
    const cobrands = cobrandsTyped(String(form.get('cobrands') ?? ''));
    const reach = cobrands.length ? cobrands.join(', ') : t('console.operators.every');
    onChange({
      title: t('console.action.addOperator'),
      text: t('console.confirm.addOperator', name, t(`console.role.${role}`), reach),
      done: t('console.done.addOperator', name),
      path: adminPath('/operators'),
      method: 'POST',
      json: { name, role, cobrands },
      refused: refusals(texts),
      reveal: (answer) => <Handover {...(answer as { password: string; otpauthUri: string })} />,
    });
  };
  return (
    <section aria-labelledby="console-add-operator-heading">
      <h2 className="console-subheading" id="console-add-operator-heading">
        {t('console.operators.add')}
      </h2>
      <form className="portal-form console-admin-form" noValidate onSubmit={submit}>
        <FormField
          id="console-operator-name"
          label={t('console.signIn.name')}
          error={missing ? t('console.operators.missing') : null}
          control={(props) => (
            <input {...props} name="name" className="portal-input" maxLength={200} autoComplete="off" />
          )}
        />
        <FormField
          id="console-operator-role"
          label={t('console.operators.role')}
          control={(props) => (
            <select {...props} name="role" className="portal-input">
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`console.role.${role}`)}
                </option>
              ))}
            </select>
          )}
        />
        <FormField
          id="console-operator-cobrands"
          label={t('console.operators.cobrands')}
          hint={t('console.operators.cobrandsHint')}
          control={(props) => (
            <input {...props} name="cobrands" className="portal-input" maxLength={2000} autoComplete="off" />
          )}
        />
        <button type="submit" className="portal-button portal-button--primary">
          {t('console.operators.submit')}
        </button>
      </form>
    </section>
  );
}

const readOperators = () => consoleCall<{ operators: Operator[] }>(adminPath('/operators')).then((a) => a.operators);

export function OperatorsView({ operator, ended }: { operator: ConsoleOperator; ended: (error: unknown) => boolean }) {
  const texts = useTexts();
  return (
    <AdminPage title={texts.t('console.operators.heading')} read={readOperators} ended={ended}>
      {(operators, onChange) => (
        <>
          <ListSection
            id="operators"
            heading={texts.t('console.operators.listed', operators.length)}
            none=""
            rows={operatorRows(texts, operators, operator.name)}
            canChange
            onChange={onChange}
          />
          <AddOperator onChange={onChange} />
        </>
      )}
    </AdminPage>
  );
}
