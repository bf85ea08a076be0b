/**
 * One answer of the server kept for reading offline: whose it is (the school and the parent),
 * the address it answered (path and query) and when.
 */
export type TKeptAnswer = {
  schoolId: string;
  parentId: string;
  url: string;
  data: unknown;
  savedAt: number;
};

/** Where the kept answers live: IndexedDB in a browser, memory where there is none (tests). */
export interface TAnswerStore {
  put: (answer: TKeptAnswer) => Promise<void>;
  get: (schoolId: string, parentId: string, url: string) => Promise<TKeptAnswer | null>;
  /** Drops the school's answers of every parent but `parentId`; of every parent when it is null. */
  keepOnly: (schoolId: string, parentId: string | null) => Promise<void>;
}

const idOf = (schoolId: string, parentId: string, url: string) => JSON.stringify([schoolId, parentId, url]);

const isDropped = (answer: TKeptAnswer, schoolId: string, parentId: string | null) =>
  answer.schoolId === schoolId && answer.parentId !== parentId;

/** A store in memory: gone with the page. */
export function memoryAnswerStore(): TAnswerStore {
  const answers = new Map<string, TKeptAnswer>();
  return {
    put: async (answer) => void answers.set(idOf(answer.schoolId, answer.parentId, answer.url), answer),
    get: async (schoolId, parentId, url) => answers.get(idOf(schoolId, parentId, url)) ?? null,
    keepOnly: async (schoolId, parentId) => {
      for (const [id, answer] of answers) if (isDropped(answer, schoolId, parentId)) answers.delete(id);
    },
  };
}

const DATABASE = 'portal-offline';
const ANSWERS = 'answers';

function opened(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(ANSWERS, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** A store in the browser's IndexedDB (database `portal-offline`): it outlives a reload. */
export function indexedDbAnswerStore(factory: IDBFactory): TAnswerStore {
  let database: Promise<IDBDatabase> | null = null;
  const answers = async (mode: IDBTransactionMode) => {
    database ??= opened(factory).catch((error: unknown) => {
      database = null;
      throw error;
    });
    const transaction = (await database).transaction(ANSWERS, mode);
    return { transaction, answers: transaction.objectStore(ANSWERS) };
  };
  return {
    put: async (answer) => {
      const { transaction, answers: store } = await answers('readwrite');
      store.put({ id: idOf(answer.schoolId, answer.parentId, answer.url), ...answer });
      await finished(transaction);
    },
    get: async (schoolId, parentId, url) => {
      const { transaction, answers: store } = await answers('readonly');
      const request = store.get(idOf(schoolId, parentId, url));
      await finished(transaction);
      const found = request.result as (TKeptAnswer & { id: string }) | undefined;
      if (!found) return null;
      const { id: _id, ...answer } = found;
      return answer;
    },
    keepOnly: async (schoolId, parentId) => {
      const { transaction, answers: store } = await answers('readwrite');
      const cursor = store.openCursor();
      cursor.onsuccess = () => {
        const current = cursor.result;
        if (!current) return;
        if (isDropped(current.value as TKeptAnswer, schoolId, parentId)) current.delete();
        current.continue();
      };
      await finished(transaction);
    },
  };
}
