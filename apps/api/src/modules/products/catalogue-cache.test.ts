import { describe, expect, it } from 'vitest';
import { AnswerCache, catalogueVersionOf } from './catalogue-cache.js';

/** A cache of strings whose loads are counted per key. */
function cacheOf(maxEntries: number, version: () => number = () => 0) {
  const loads: string[] = [];
  const cache = new AnswerCache<string>(maxEntries, version);
  const get = (key: string) =>
    cache.get(key, () => {
      loads.push(key);
      return Promise.resolve(`answer ${key}`);
    });
  return { cache, loads, get };
}

describe('AnswerCache', () => {
  it('answers a repeated key from memory, sharing one load between concurrent callers', async () => {
    const { loads, get } = cacheOf(4);
    const [a, b] = await Promise.all([get('a'), get('a')]);
    expect(await get('a')).toBe('answer a');
    expect([a, b]).toEqual(['answer a', 'answer a']);
    expect(loads).toEqual(['a']);
  });

  it('drops the least recently used key, counting hits on the newest key as use', async () => {
    const { cache, loads, get } = cacheOf(2);
    await get('a');
    await get('b');
    await get('a'); // a is now the most recent
    await get('a'); // a hit on the newest key: order unchanged
    await get('c'); // evicts b
    expect(cache.size).toBe(2);
    await get('a');
    await get('b'); // loaded again; evicts c (a was used after c)
    await get('a');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
    await get('c');
    expect(loads).toEqual(['a', 'b', 'c', 'b', 'c']);
  });

  it('forgets everything when the catalogue version moves on', async () => {
    const version = catalogueVersionOf({});
    const { loads, get } = cacheOf(4, version.current);
    await get('a');
    await get('a');
    await version.bump();
    await get('a');
    await get('a');
    expect(loads).toEqual(['a', 'a']);
  });

  it('does not keep a failed load', async () => {
    const cache = new AnswerCache<string>(4, () => 0);
    let attempts = 0;
    const load = () => (++attempts === 1 ? Promise.reject(new Error('database down')) : Promise.resolve('ok'));
    await expect(cache.get('a', load)).rejects.toThrow('database down');
    expect(await cache.get('a', load)).toBe('ok');
    expect(attempts).toBe(2);
  });
});

describe('AnswerCache with a weight', () => {
  it('keeps the weight of its answers under the bound, dropping the least recently used first', async () => {
    const cache = new AnswerCache<string[]>(100, () => 0, { of: (items) => items.length, max: 10 });
    const loads: string[] = [];
    const get = (key: string, size: number) =>
      cache.get(key, () => {
        loads.push(key);
        return Promise.resolve(Array.from({ length: size }, () => key));
      });
    await get('small', 2);
    await get('large', 6);
    await get('small', 2);
    await get('huge', 5); // 2 + 6 + 5 > 10: 'large' (least recently used) goes
    expect(cache.weightKept).toBeLessThanOrEqual(10);
    await get('small', 2);
    await get('large', 6);
    expect(loads).toEqual(['small', 'large', 'huge', 'large']);
  });
});

describe('AnswerCache keeping some answers only from their second ask', () => {
  it('loads a search asked once again when asked again, keeps it from then on, and shares one load between concurrent asks', async () => {
    const cache = new AnswerCache<string>(4, () => 0, undefined, (key) => key.startsWith('search:'));
    const loads: string[] = [];
    const get = (key: string) =>
      cache.get(key, () => {
        loads.push(key);
        return Promise.resolve(`answer ${key}`);
      });
    const [first, together] = await Promise.all([get('search:latte'), get('search:latte')]);
    expect([first, together]).toEqual(['answer search:latte', 'answer search:latte']);
    expect(cache.size).toBe(0);
    expect(await get('search:latte')).toBe('answer search:latte');
    expect(await get('search:latte')).toBe('answer search:latte');
    await get('list');
    await get('list');
    expect(loads).toEqual(['search:latte', 'search:latte', 'list']);
    expect(cache.size).toBe(2);
  });
});
