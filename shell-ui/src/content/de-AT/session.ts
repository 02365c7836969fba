// Austria uses the German texts.
export { sessionTexts } from '../de-DE/session.ts';
