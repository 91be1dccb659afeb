import { startPage } from '../../page/start-page';
import { IdentityProviderScreen } from './IdentityProviderScreen';

void startPage(IdentityProviderScreen, { titleKey: 'page.title.identity-provider' });
