// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { IndexAnswerState } from './IndexAnswerState'

afterEach(cleanup)

const show = (kept: boolean) =>
  render(
    <IndexAnswerState
      answer={{ state: 'ready', data: 'Rick and Morty side by side', updatedAt: 0, kept }}
      willShow="This page will compare characters."
      loading="Loading characters"
    >
      {(data) => <p>{data}</p>}
    </IndexAnswerState>,
  )

describe('a character page answered by the index', () => {
  it('shows its answer as it is while the index is current', () => {
    show(false)
    expect(screen.getByText('Rick and Morty side by side')).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('keeps an answer given before the catalogue changed, and says it shows the catalogue as it was', () => {
    show(true)
    expect(screen.getByText('Rick and Morty side by side')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toMatch(
      /^The catalogue has changed since this page was shown: it shows the catalogue as it was then\./,
    )
  })
})
