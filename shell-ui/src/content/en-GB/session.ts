// English markets share the English texts.
export { sessionTexts } from '../en/session.ts';
