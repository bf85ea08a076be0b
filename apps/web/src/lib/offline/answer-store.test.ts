import { describe, expect, it } from 'vitest';
import { memoryAnswerStore, type TKeptAnswer } from './answer-store.ts';

const answer = (schoolId: string, parentId: string, url: string): TKeptAnswer => ({
  schoolId,
  parentId,
  url,
  data: { url },
  savedAt: 1,
});

describe('the kept answers', () => {
  it('are read back by their school, parent and address only', async () => {
    const store = memoryAnswerStore();
    await store.put(answer('mogra', 'P1', '/api/v1/ppn/home/actions'));
    expect(await store.get('mogra', 'P1', '/api/v1/ppn/home/actions')).toMatchObject({
      data: { url: '/api/v1/ppn/home/actions' },
    });
    expect(await store.get('mogra', 'P2', '/api/v1/ppn/home/actions')).toBeNull();
    expect(await store.get('bcad', 'P1', '/api/v1/ppn/home/actions')).toBeNull();
    expect(await store.get('mogra', 'P1', '/api/v1/ppn/home/actions?x=1')).toBeNull();
  });

  it("keep only one parent's answers at a school, and another school's untouched", async () => {
    const store = memoryAnswerStore();
    await store.put(answer('mogra', 'P1', '/a'));
    await store.put(answer('mogra', 'P2', '/a'));
    await store.put(answer('bcad', 'P9', '/a'));
    await store.keepOnly('mogra', 'P2');
    expect(await store.get('mogra', 'P1', '/a')).toBeNull();
    expect(await store.get('mogra', 'P2', '/a')).not.toBeNull();
    await store.keepOnly('mogra', null);
    expect(await store.get('mogra', 'P2', '/a')).toBeNull();
    expect(await store.get('bcad', 'P9', '/a')).not.toBeNull();
  });
});
