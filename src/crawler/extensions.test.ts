import { describe, expect, it } from 'vitest'
import { serveForTests } from '../../server/test/server'
import { NO_EXTENSIONS, readServiceExtensions } from './extensions'

describe('what a service adds to the specification, as its OpenAPI document marks it', () => {
  const on = serveForTests()
  const off = serveForTests({ views: false })

  it('reads views and streams from a service that marks them, and none from one that does not', async () => {
    expect(await readServiceExtensions(`${on.origin}/`, fetch)).toEqual({
      views: true,
      export: true,
      search: true,
      characters: true,
      insights: true,
    })
    expect(await readServiceExtensions(off.origin, fetch)).toEqual(NO_EXTENSIONS)
  })

  it('reads none where there is no document, or no readable one', async () => {
    const answering =
      (response: () => Response): typeof fetch =>
      async () =>
        response()
    expect(
      await readServiceExtensions(
        'https://x.test',
        answering(() => new Response('', { status: 404 })),
      ),
    ).toEqual(NO_EXTENSIONS)
    expect(
      await readServiceExtensions(
        'https://x.test',
        answering(() => new Response('not json')),
      ),
    ).toEqual(NO_EXTENSIONS)
    const marked = JSON.stringify({ info: { 'x-catalogue-extensions': { export: 'yes' } } })
    expect(
      await readServiceExtensions(
        'https://x.test',
        answering(() => new Response(marked)),
      ),
    ).toEqual(NO_EXTENSIONS)
    const unreachable: typeof fetch = async () => {
      throw new TypeError('fetch failed')
    }
    expect(await readServiceExtensions('https://x.test', unreachable)).toEqual(NO_EXTENSIONS)
  })
})
