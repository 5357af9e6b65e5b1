import { createHash, timingSafeEqual } from 'node:crypto'

export const AUTH_REALM = 'Bearer realm="catalogue"'

export type AuthResult =
  | { ok: true; keyIndex: number; keyId: string }
  | { ok: false; keySent: boolean; message: string; challenge: string; keyId?: string }

/** `Bearer`, in any letter case, one space, and a key: keys hold no white space (see the configuration). */
const SCHEME = /^bearer (\S+)$/i

const digest = (key: string): Buffer => createHash('sha256').update(key).digest()

/** A presented key's SHA-256, and its first 8 hex digits: the key id the log shows instead of the key. */
type Digested = { digest: Buffer; keyId: string }
const digested = (key: string): Digested => {
  const bytes = digest(key)
  return { digest: bytes, keyId: bytes.toString('hex', 0, 4) }
}

const MISSING = {
  ok: false,
  keySent: false,
  message: 'An API key is required: send the header "Authorization: Bearer <key>".',
  challenge: AUTH_REALM,
} as const
const MALFORMED = {
  ok: false,
  keySent: false,
  message: 'The Authorization header must have the form "Bearer <key>".',
  challenge: AUTH_REALM,
} as const
const UNKNOWN = {
  ok: false,
  keySent: true,
  message: 'The API key is not valid.',
  challenge: `${AUTH_REALM}, error="invalid_token"`,
} as const

/** Results of recently presented headers kept, so a client's steady stream of requests is not re-checked each time. */
const RESULT_MEMORY = 1024
/** Longer headers are checked every time, so the memory holds at most 1024 headers of this length. */
const REMEMBERED_HEADER_LENGTH = 256 + 'Bearer '.length

/**
 * The accepted keys, held as SHA-256 digests: every candidate is hashed to the same length and compared with
 * every accepted key by `timingSafeEqual`, so timing reveals neither a key nor how much of one matched.
 * The result for each recently presented header is remembered by that header; a lookup there can only tell a
 * caller whether it sent that very string before, nothing about an accepted key.
 */
export class KeyRing {
  private readonly digests: Buffer[]
  private readonly recent = new Map<string, AuthResult>()

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('A key ring needs at least one key')
    this.digests = keys.map(digest)
  }

  get size(): number {
    return this.digests.length
  }

  /** Checks an `Authorization` header value. The result is shared: never change it. */
  check(header: string | undefined): AuthResult {
    if (header === undefined || header === '') return MISSING
    if (header.length > REMEMBERED_HEADER_LENGTH) return this.checkOnce(header)
    let known = this.recent.get(header)
    if (known === undefined) {
      if (this.recent.size >= RESULT_MEMORY) this.recent.clear()
      known = this.checkOnce(header)
      this.recent.set(header, known)
    }
    return known
  }

  private checkOnce(header: string): AuthResult {
    const match = SCHEME.exec(header)
    if (!match) return MALFORMED
    const candidate = digested(match[1] as string)
    let found = -1
    for (let index = 0; index < this.digests.length; index++) {
      if (timingSafeEqual(candidate.digest, this.digests[index] as Buffer) && found === -1) found = index
    }
    return found === -1
      ? { ...UNKNOWN, keyId: candidate.keyId }
      : { ok: true, keyIndex: found, keyId: candidate.keyId }
  }
}
