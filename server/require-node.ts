/**
 * Imported first by the service's entry (server/main.ts): on a Node older than package.json's `engines`, one
 * sentence and exit code 1, before any other module of the service runs.
 */
import { nodeVersionProblem, requiredNode } from './node-version'

const problem = nodeVersionProblem(process.versions.node, requiredNode())
if (problem) {
  console.error(problem)
  process.exit(1)
}
