import { describe, expect, test } from 'vitest';
import { findContentLocale } from '../../content/index.ts';
import { loadPrivateHeader } from './loadPrivateHeader.tsx';
import { Personas, privateState } from './testing/personas.ts';

describe('loadPrivateHeader', () => {
  test('gives the private header tree for a private state', async () => {
    const logs: string[] = [];
    const tree = await loadPrivateHeader(privateState('nl-NL', Personas.active), findContentLocale('nl-NL')!.load(), (m) => logs.push(m));
    expect(tree).toBeTruthy();
    expect(logs).toEqual([]);
  });

  test.each([
    ['another variant', { ...privateState('de-DE', Personas.active), headerVariant: 'public' }],
    ['a locale without a private header (the bare en): the public fallback', privateState('en', Personas.active)],
    ['an unknown locale', privateState('xx-XX', Personas.active)],
  ])('gives nothing for %s', async (_name, state) => {
    const logs: string[] = [];
    expect(await loadPrivateHeader(state, Promise.resolve(undefined as never), (m) => logs.push(m))).toBeUndefined();
    expect(logs).toEqual([]);
  });

  test('a chunk that fails to load gives null (keep the edge header) and logs once', async () => {
    const logs: string[] = [];
    const tree = await loadPrivateHeader(privateState('de-DE', Personas.active), Promise.reject(new Error('network down')), (m) => logs.push(m));
    expect(tree).toBeNull();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('network down');
  });
});
