import { describe, expect, it } from 'vitest'
import { choseConnection } from './explorer-config'

describe('whether a Cookie header says a connection was chosen in Settings', () => {
  it('reads only the explorer’s cookie, with its one value', () => {
    expect(choseConnection('catalogue-explorer.connection=chosen')).toBe(true)
    expect(choseConnection('a=1; catalogue-explorer.connection=chosen; b=2')).toBe(true)
    expect(choseConnection(undefined)).toBe(false)
    expect(choseConnection('')).toBe(false)
    expect(choseConnection('catalogue-explorer.connection=')).toBe(false)
    expect(choseConnection('x-catalogue-explorer.connection=chosen')).toBe(false)
    expect(choseConnection('catalogue-explorer.connection=chosenly')).toBe(false)
  })
})
