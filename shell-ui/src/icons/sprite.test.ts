// sprite.svg is what the stylesheets paint the icons from: it must hold every icon file as it
// is now (an edited icon that is not in the sprite would never reach a visitor).
import { expect, test } from 'vitest';
import { iconSprite } from './sprite.ts';

test('sprite.svg holds every icon file as it is (npx vitest run src/icons/sprite.test.ts --update rewrites it)', async () => {
  await expect(iconSprite()).toMatchFileSnapshot('./sprite.svg');
});
