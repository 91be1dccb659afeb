import { startPage } from '../../page/start-page';
import { NextTokenScreen } from './NextTokenScreen';

void startPage(NextTokenScreen, { titleKey: 'page.title.next-token-component' });
