import { startPage } from '../../page/start-page';
import { HomeScreen } from './HomeScreen';

void startPage(HomeScreen, { titleKey: 'page.title.home' });
