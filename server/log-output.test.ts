import { describe, expect, it } from 'vitest'
import { LineBatches, LOG_BATCH_CHARACTERS } from './log-output'

describe('the log’s line batches', () => {
  it('hands lines on together once about 64 KiB wait, a lone line soon after, and everything on flush', async () => {
    const writes: string[] = []
    const batches = new LineBatches({ write: (text: string) => writes.push(text) })
    const line = `${'x'.repeat(199)}\n`
    const perBatch = Math.ceil(LOG_BATCH_CHARACTERS / line.length)
    for (let index = 0; index < perBatch * 3; index++) batches.write(line)
    expect(writes).toEqual([line.repeat(perBatch), line.repeat(perBatch), line.repeat(perBatch)])

    batches.write('quiet\n')
    expect(writes).toHaveLength(3)
    await expect.poll(() => writes.length, { timeout: 2000 }).toBe(4)
    expect(writes[3]).toBe('quiet\n')

    batches.write('last\n')
    batches.flush()
    expect(writes[4]).toBe('last\n')
  })
})
