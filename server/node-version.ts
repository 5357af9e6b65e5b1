import { readFileSync } from 'node:fs'

/** The oldest Node the project runs on, from package.json's `engines` (">=22.19"). */
export function requiredNode(packageJson = new URL('../package.json', import.meta.url)): [number, number] {
  const { engines } = JSON.parse(readFileSync(packageJson, 'utf8')) as { engines?: { node?: string } }
  const [, major, minor] = /^>=(\d+)\.(\d+)/.exec(engines?.node ?? '') ?? []
  return [Number(major ?? 0), Number(minor ?? 0)]
}

/**
 * The sentence an operator reads when this Node is older than the project's `engines` say, or null. On an older
 * Node the service starts but its first views cannot (their render thread loads TypeScript as Node 22.19 does),
 * and nothing else would say why.
 */
export function nodeVersionProblem(version: string, [major, minor]: [number, number]): string | null {
  const [ownMajor = 0, ownMinor = 0] = version.split('.').map(Number)
  if (ownMajor > major || (ownMajor === major && ownMinor >= minor)) return null
  return `The catalogue service needs Node ${major}.${minor} or newer and runs on Node ${version}: install Node 24 LTS (the README's Prerequisites say how, for example npm install --prefix ~/.cache/catalogue-node node@24, then put its node_modules/node/bin first in PATH).`
}
