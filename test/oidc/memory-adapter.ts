/**
 * oidc-provider storage for the local test SSO: one in-memory store per provider (nothing survives a
 * restart, which is what a test identity provider wants). Implements the adapter interface oidc-provider
 * documents: upsert, find, findByUid, findByUserCode, consume, destroy, revokeByGrantId.
 */
type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; consumed?: number };
type Entry = { payload: Payload; expiresAt: number };

export function createMemoryAdapter() {
  const store = new Map<string, Entry>();

  const live = (key: string): Payload | undefined => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  return class MemoryAdapter {
    constructor(readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      store.set(this.key(id), {
        payload: structuredClone(payload),
        expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity,
      });
    }

    async find(id: string) {
      return live(this.key(id));
    }

    async findByUid(uid: string) {
      for (const [key, entry] of store)
        if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return live(key);
      return undefined;
    }

    async findByUserCode(userCode: string) {
      for (const [key, entry] of store)
        if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode) return live(key);
      return undefined;
    }

    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      store.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}
