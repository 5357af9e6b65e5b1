import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { withinDeadline } from '../catalogue/deadline'
import { StoreUnavailableError } from '../catalogue/errors'
import { freshDatabase } from '../test/postgres'
import { connectionOptions, Database } from './database'

const opened: Database[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close().catch(() => {})))
})

async function database(timeoutMs: number, poolSize: number, costlyQueries?: number): Promise<Database> {
  const made = new Database(await freshDatabase(), timeoutMs, poolSize, costlyQueries)
  opened.push(made)
  return made
}

/** How long a promise takes to settle, and how (seconds; the value, or the error). */
async function timed<T>(work: Promise<T>) {
  const started = performance.now()
  try {
    return { value: await work, error: null, seconds: (performance.now() - started) / 1000 }
  } catch (error) {
    return { value: null, error, seconds: (performance.now() - started) / 1000 }
  }
}

const one = (database: Database) => database.query<{ one: number }>('test', 'SELECT 1 AS one')

describe('the database’s connections (contract §13)', () => {
  it('gives a connection back whatever the database refuses, U+0000 included', async () => {
    const db = await database(5_000, 1)
    for (let round = 0; round < 3; round++) {
      await expect(db.query('test', 'SELECT $1::text AS text', ['x\u0000y'])).rejects.toThrow(/0x00/)
      await expect(db.query('test', 'SELECT 1/0')).rejects.toThrow(/division by zero/)
    }
    expect(await one(db)).toEqual([{ one: 1 }])
    expect(db.pool.totalCount - db.pool.idleCount).toBe(0)
  })

  it('ends a query past the deadline with a 503 and closes its connection, then answers again', async () => {
    const db = await database(500, 1)
    const slow = await timed(db.query('test', 'SELECT pg_sleep(3)'))
    expect(slow.error).toBeInstanceOf(StoreUnavailableError)
    expect(slow.seconds).toBeLessThan(2)
    expect(await one(db)).toEqual([{ one: 1 }])
  })

  it('holds one deadline for a whole request: its wait for a connection and every query in turn', async () => {
    const db = await database(5_000, 1)
    const request = withinDeadline(800, async () => {
      await db.query('test', 'SELECT pg_sleep(0.5)')
      await db.query('test', 'SELECT pg_sleep(0.5)')
    })
    const answered = await timed(request)
    expect(answered.error).toBeInstanceOf(StoreUnavailableError)
    expect(answered.seconds).toBeGreaterThan(0.7)
    expect(answered.seconds).toBeLessThan(2)
    // The pool's one connection is held: another request waits for it only as long as its deadline.
    const holding = db.query('test', 'SELECT pg_sleep(1.5)')
    const waiting = await timed(withinDeadline(300, () => one(db)))
    expect(waiting.error).toBeInstanceOf(StoreUnavailableError)
    expect(waiting.seconds).toBeLessThan(1)
    await holding
    expect(await one(db)).toEqual([{ one: 1 }])
  })

  it('fails the query of a connection whose server goes away (an administrator’s command), never the process', async () => {
    const db = await database(5_000, 2)
    const pid = (await db.query<{ pid: number }>('test', 'SELECT pg_backend_pid() AS pid'))[0]?.pid
    const sleeping = timed(db.query('test', 'SELECT pg_sleep(5)'))
    const admin = new pg.Client(connectionOptions(db.url, 'catalogue-test'))
    await admin.connect()
    try {
      // The connection running the sleep: the pool's first, or another it opened.
      await new Promise((resolve) => setTimeout(resolve, 200))
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'catalogue-service' AND query LIKE 'SELECT pg_sleep%'",
      )
    } finally {
      await admin.end()
    }
    const ended = await sleeping
    expect(ended.error).toBeInstanceOf(StoreUnavailableError)
    expect(ended.seconds).toBeLessThan(4)
    expect(pid).toBeGreaterThan(0)
    expect(await one(db)).toEqual([{ one: 1 }])
  })

  it('lives on when the server of a connection held elsewhere (a leak) goes away', async () => {
    const db = await database(5_000, 2)
    const leaked = await db.pool.connect()
    const pid = ((await leaked.query('SELECT pg_backend_pid() AS pid')).rows[0] as { pid: number }).pid
    await one(db)
    const admin = new pg.Client(connectionOptions(db.url, 'catalogue-test'))
    await admin.connect()
    await admin.query('SELECT pg_terminate_backend($1)', [pid])
    await admin.end()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await one(db)).toEqual([{ one: 1 }])
    leaked.release(true)
  })

  it('runs costly queries at most their bound at once, plain ones beside them at once', async () => {
    const db = await database(5_000, 6, 2)
    expect(db.work.size).toBe(2)
    const costly = Array.from({ length: 4 }, () =>
      timed(db.query('test', 'SELECT pg_sleep(0.6)', [], { costly: true })),
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(db.work.busy).toBe(2)
    expect(db.work.queued).toBe(2)
    const plain = await timed(one(db))
    expect(plain.seconds).toBeLessThan(0.4)
    const seconds = (await Promise.all(costly)).map((each) => each.seconds).sort()
    // Two ran at once, the other two after them.
    expect(seconds[1]).toBeLessThan(1.1)
    expect(seconds[2]).toBeGreaterThan(1.1)
  })

  it('answers 503 to a costly query that gets no share of the work by its deadline', async () => {
    const db = await database(5_000, 3)
    const running = db.query('test', 'SELECT pg_sleep(1.5)', [], { costly: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const waiting = await timed(withinDeadline(300, () => db.query('test', 'SELECT 1', [], { costly: true })))
    expect(waiting.error).toBeInstanceOf(StoreUnavailableError)
    expect(waiting.seconds).toBeLessThan(1)
    await running
    expect(db.work.busy).toBe(0)
  })

  it('tells of a connection held past the deadline (a leak), once, and of the longest held now', async () => {
    const db = await database(300, 2)
    await db.query('test', 'SELECT pg_sleep(0.2)')
    expect(db.overstays()).toEqual([])
    expect(db.longestCheckoutSeconds()).toBe(0)
    const leaked = await db.pool.connect()
    await new Promise((resolve) => setTimeout(resolve, 450))
    expect(db.longestCheckoutSeconds()).toBeGreaterThan(0.3)
    expect(db.overstays()).toEqual([{ label: 'unnamed', seconds: expect.any(Number) }])
    expect(db.overstays()).toEqual([])
    leaked.release()
    expect(db.longestCheckoutSeconds()).toBe(0)
  })
})
