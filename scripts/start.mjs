// `npm start`: the production build (built only when missing or stale), on the embedded database with demo data.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
process.env.NODE_ENV ??= 'production';
await import('../server/dist/main.js');
