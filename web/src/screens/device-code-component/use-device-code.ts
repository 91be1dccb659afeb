// The code screen's form: the code sent, a new code asked for, each answer worded (DeviceCodeScreen.tsx).
import {
  DeviceCodePaths,
  validateDeviceCode,
  type DeviceCodeStatus,
  type DeviceCodeView,
} from '@portal/contract/device-code';
import { useCallback, useState, type FormEvent } from 'react';
import { HttpError, call } from '../../api/client';
import { whereNext } from '../../api/sign-in';
import type { PageError } from '../../components/ErrorSummary';
import { useFormScreen } from '../../components/use-form-screen';
import type { Translate } from '../../i18n/translator';
import { ended, fieldErrors, mailError } from './device-code-errors';

type CodeField = 'code';
const FIELDS: readonly CodeField[] = ['code'];

export function useDeviceCode(t: Translate, attempt: string, view: DeviceCodeView | undefined, resentAtOpen: boolean) {
  const title = t('page.title.device-code-component');
  const label = t('deviceCode.code');
  const [resent, setResent] = useState(resentAtOpen);
  const validate = useCallback(
    (values: Record<CodeField, string>) => fieldErrors(t, validateDeviceCode(values.code)),
    [t],
  );
  const initialPageError = mailError(t, view?.status, label);
  const form = useFormScreen({
    fields: FIELDS,
    labels: { code: label },
    validate,
    title,
    focusFirstField: true,
    ...(initialPageError ? { initialPageError } : {}),
  });
  const system: PageError = { target: 'code', fieldName: label, description: t('error.system') };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.start()) return;
    setResent(false);
    try {
      const json = { attempt, code: form.values.code.trim() };
      location.assign(await whereNext(await call(DeviceCodePaths.verify, { method: 'POST', json })));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401) return form.fail({ page: system });
      const over = (error.body as { ended?: boolean } | null)?.ended === true;
      form.fail(over ? { page: ended(t, label) } : { fields: { code: t('deviceCode.wrong') } });
    }
  }

  async function onResend(event: FormEvent<HTMLButtonElement>) {
    event.preventDefault();
    setResent(false);
    try {
      const answer = await call(DeviceCodePaths.resend, { method: 'POST', json: { attempt } });
      const error = mailError(t, ((await answer.json()) as { status: DeviceCodeStatus }).status, label);
      form.fail(error ? { page: error } : {});
      setResent(!error);
    } catch (error) {
      form.fail({ page: error instanceof HttpError && error.status === 401 ? ended(t, label) : system });
    }
  }

  return { form, title, resent, onSubmit, onResend };
}
