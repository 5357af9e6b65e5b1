import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { curlCommand } from './curl'

/** What bash makes of the command's arguments (curl itself is replaced by printf). */
function argumentsOf(command: string, env: Record<string, string> = {}): string[] {
  const script = `set -- ${command.replace(/^curl /, '')}; printf '%s\\n' "$@"`
  return execFileSync('bash', ['-c', script], { env: { PATH: process.env.PATH ?? '', ...env } })
    .toString()
    .trimEnd()
    .split('\n')
}

// Each case runs bash, which can take seconds on a busy machine.
describe('curlCommand', { timeout: 30_000 }, () => {
  it('reads the key from $CATALOGUE_API_KEY unless one is given', () => {
    const command = curlCommand('https://x.example/v1/locations?name=a%20b')
    expect(command).toContain('$CATALOGUE_API_KEY')
    expect(argumentsOf(command, { CATALOGUE_API_KEY: 'k1' })).toEqual([
      '-H',
      'Authorization: Bearer k1',
      '-H',
      'Accept: application/json',
      'https://x.example/v1/locations?name=a%20b',
    ])
  })

  it('writes a given key so that the shell changes nothing in it, quotes and dollars included', () => {
    const key = `it's $HOME "x"`
    const args = argumentsOf(curlCommand("https://x.example/v1/locations?name=o'neil", key))
    expect(args[1]).toBe(`Authorization: Bearer ${key}`)
    expect(args[4]).toBe("https://x.example/v1/locations?name=o'neil")
  })
})
