// The help-desk console's page (served by the admin listener at /console/, never by the public one).
import { createRoot } from 'react-dom/client';
import '../../styles/tokens.css';
import '../../styles/portal.css';
import '../../console/console.css';
import { ConsoleApp } from '../../console/ConsoleApp';

createRoot(document.getElementById('root')!).render(<ConsoleApp />);
