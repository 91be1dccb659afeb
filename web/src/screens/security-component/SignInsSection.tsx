// My recent sign-ins: the last ten tries, refused ones included, with how, from which device and address.
import { Paths, type SignInList, type SignInListItem } from '@portal/contract';
import { useEffect, useState } from 'react';
import { getJson } from '../../api/client';
import type { MessageKey } from '../../i18n/translator';
import { usePage } from '../../page/page-context';
import { useDescribe } from './describe';

export function SignInsSection() {
  const { t, security } = usePage();
  const describe = useDescribe();
  const [signIns, setSignIns] = useState<SignInListItem[] | null>(security?.signIns ?? null);

  // A page served without its data (by another back end) loads the list; the sessions section handles a signed-out user.
  useEffect(() => {
    if (!security)
      getJson<SignInList>(Paths.securitySignIns)
        .then((list) => setSignIns(list.signIns))
        .catch(() => undefined);
  }, [security]);

  return (
    <section className="portal-security__section" aria-labelledby="security-sign-ins">
      <h2 className="portal-security__heading" id="security-sign-ins">
        {t('security.signins.heading')}
      </h2>
      {signIns && signIns.length === 0 && <p className="portal-hint">{t('security.signins.none')}</p>}
      <ol className="portal-security__list">
        {(signIns ?? []).map((signIn, index) => (
          <li key={`${signIn.at}-${index}`} className="portal-security__item">
            <p className="portal-security__title">
              <span className={signIn.success ? undefined : 'portal-security__refused'}>
                {t(signIn.success ? 'security.signins.success' : 'security.signins.failure')}
              </span>
              {' · '}
              {describe.time(signIn.at)}
            </p>
            <dl className="portal-security__facts">
              <dt>{t('security.signins.method')}</dt>
              <dd>
                {signIn.method ? t(`security.method.${signIn.method}` as MessageKey) : t('security.method.unknown')}
              </dd>
              <dt>{t('security.device.label')}</dt>
              <dd>{describe.device(signIn.device)}</dd>
              <dt>{t('security.address')}</dt>
              <dd>{describe.address(signIn.address)}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}
