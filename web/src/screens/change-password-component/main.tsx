// Route of spec §2; its screen is built by the issue that owns this step of the flow.
import { StepUnavailable } from '../../components/StepUnavailable';
import { startPage } from '../../page/start-page';

void startPage(() => <StepUnavailable titleKey="page.title.change-password-component" />, { titleKey: 'page.title.change-password-component' });
