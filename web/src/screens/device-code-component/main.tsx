import { startPage } from '../../page/start-page';
import { DeviceCodeScreen } from './DeviceCodeScreen';

void startPage(DeviceCodeScreen, 'device-code-component');
