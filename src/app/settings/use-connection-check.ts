import { useMutation } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { Connection } from '../../api/client'
import { effectiveConnection, useConnection } from '../../api/connection-in-use'
import { readSettingsRedirect, SETTINGS_PATH } from '../../components/states/settings-redirect'
import { blockedAddressReason, INVALID_ADDRESS, readServiceAddress } from './service-address'
import { type ConnectionTest, testConnection } from './test-connection'

export const KEY_NEEDED = 'Enter the API key of the catalogue service.'

/** What the settings form holds when Test or Save is pressed. */
export type TypedSettings = { address: string; apiKey: string }
type Check = { typed: TypedSettings; saving: boolean }

/**
 * Test and Save as one mutation: both ask the service with what was typed; Save keeps the connection only if
 * it works, then returns to the page that sent the user here (or settles this one, without the refusal).
 */
export function useConnectionCheck() {
  const { connection, saved, demoKey, save } = useConnection()
  const [search] = useSearchParams()
  const redirect = readSettingsRedirect(search)
  const navigate = useNavigate()

  /** The connection the form describes, or the reason it describes none. */
  function typedConnection({ address, apiKey }: TypedSettings): Connection | string {
    const baseUrl = readServiceAddress(address)
    if (baseUrl === null) return INVALID_ADDRESS
    const blocked = blockedAddressReason(baseUrl, window.location.protocol)
    if (blocked !== null) return blocked
    const key = apiKey.trim()
    // In demo mode an empty key means this site's own service with its demo key.
    const typed = effectiveConnection(key === '' ? null : { baseUrl, apiKey: key }, demoKey)
    if (!typed || (key === '' && baseUrl !== '')) return KEY_NEEDED
    return typed
  }

  const mutation = useMutation({
    mutationFn: async ({ typed }: Check): Promise<ConnectionTest & { connection?: Connection }> => {
      const target = typedConnection(typed)
      if (typeof target === 'string') return { ok: false, problem: target }
      const test = await testConnection(target)
      return test.ok ? { ...test, connection: target } : test
    },
    // Never retried: the user asked once, and a refusal is the answer.
    retry: false,
  })

  function run(typed: TypedSettings, saving: boolean) {
    mutation.mutate(
      { typed, saving },
      {
        onSuccess(result) {
          // Only a connection that works is kept: a refused key or a wrong address would only lead back here.
          if (!saving || !result.ok || !result.connection) return
          const { baseUrl, apiKey } = result.connection
          // This site's demo key for this site's own service is the default: kept as "nothing saved".
          const isDefault = baseUrl === '' && apiKey === demoKey
          save({ baseUrl, apiKey: isDefault ? '' : apiKey })
          // This history entry no longer holds a refusal: going back and forth to it must not show one.
          navigate(redirect?.from ?? SETTINGS_PATH, { replace: true })
        },
      },
    )
  }

  const result = mutation.isSuccess ? { saving: mutation.variables.saving, test: mutation.data } : null
  return {
    connection,
    saved,
    demoKey,
    redirect,
    running: mutation.isPending ? { saving: mutation.variables.saving } : null,
    result,
    test: (typed: TypedSettings) => run(typed, false),
    save: (typed: TypedSettings) => run(typed, true),
    /** What was typed changed: what the last check found no longer applies. */
    edited: () => mutation.reset(),
  }
}
