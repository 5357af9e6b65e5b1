import { type ComponentType, use } from 'react'
import { reloadWillHelp } from './stale-deploy'

type Module = { default: ComponentType }

/**
 * A page's code could not be fetched: the network or the service is down (Retry asks again), or a redeploy
 * renamed the file (`newVersion`: the page reloads once, into the new version).
 */
export class RouteModuleError extends Error {
  readonly newVersion: boolean
  constructor(newVersion: boolean, options?: ErrorOptions) {
    super(
      newVersion
        ? 'A new version of the explorer is out. Loading it…'
        : 'The code of this page could not be loaded. Check the connection, then retry.',
      options,
    )
    this.name = 'RouteModuleError'
    this.newVersion = newVersion
  }
}

const failedModules = new Set<() => void>()
/** When a page's code is fetched ahead of its first visit, if at all (see `routeModule`). */
export type Ahead = 'idle' | 'settled' | false
const allModules = new Map<{ prefetch(): void }, Exclude<Ahead, false>>()

/**
 * Every page's code fetched ahead of its first visit when `when` says (src/app/prefetch-route-code.ts), one
 * function per page, so that a later navigation asks the network for nothing. A prefetch that fails is
 * forgotten silently: the navigation asks again, and only then shows the failure or reloads.
 */
export function routeModulePrefetches(when: Exclude<Ahead, false>): (() => void)[] {
  const prefetches: (() => void)[] = []
  for (const [module, ahead] of allModules) if (ahead === when) prefetches.push(() => module.prefetch())
  return prefetches
}

/** A route's handle naming its page's code: a pointer over a link to the route fetches that code at once. */
export const pageCodeHandle = (module: { prefetch(): void }) => ({ pageCode: module })

/** The prefetch of the page code a route's handle names (`pageCodeHandle`); null for any other handle. */
export function pageCodePrefetchOf(handle: unknown): (() => void) | null {
  if (typeof handle !== 'object' || handle === null || !('pageCode' in handle)) return null
  const code = handle.pageCode
  if (typeof code !== 'object' || code === null || !('prefetch' in code)) return null
  const { prefetch } = code
  return typeof prefetch === 'function' ? () => prefetch.call(code) : null
}

/** Whether the code of a page failed to load and has not been asked for again since. */
export const someRouteModuleFailed = (): boolean => failedModules.size > 0

/** Forgets every page whose code failed to load, so the next render or navigation asks again. */
export function retryFailedRouteModules(): void {
  for (const forget of [...failedModules]) forget()
}

/**
 * A page's code as a route `lazy` function, for react-router's data mode. react-router keeps the promise a
 * `lazy` function returns, rejected or not, for the life of the page; and a failed `import()` stays failed
 * until the browser reloads. So `lazy` here never rejects: it hands react-router a component that renders the
 * page once its code has arrived, and otherwise throws a `RouteModuleError` to the nearest error boundary.
 * The failure is forgotten by Retry (`retryFailedRouteModules`) and by the next navigation to the route
 * (`prepare`, called by its loader), which then asks again.
 */
export function routeModule(
  load: () => Promise<Module>,
  /**
   * When its code is fetched ahead: once the page on screen has settled (the default); as soon as it is idle
   * (`'idle'`: a small page that most visits open next, such as a list's records); or only when visited
   * (`false`: a large page few visits need).
   */
  { ahead = 'settled' }: { ahead?: Ahead } = {},
) {
  let attempt: Promise<ComponentType> | null = null
  let loaded: ComponentType | null = null

  const forget = () => {
    attempt = null
    failedModules.delete(forget)
  }

  function start(): Promise<ComponentType> {
    attempt ??= load().then(
      (module) => {
        loaded = module.default
        return loaded
      },
      async (error: unknown) => {
        failedModules.add(forget)
        throw new RouteModuleError(await reloadWillHelp(), { cause: error })
      },
    )
    return attempt
  }

  let prefetched = false
  const module = {
    /** The page's component: at once once loaded, else the download's promise (which may have failed). */
    current: (): ComponentType | Promise<ComponentType> => loaded ?? start(),
    /** The route's `lazy`: starts the download with the navigation; resolves whether or not it arrives. */
    lazy: async () => {
      await start().catch(() => undefined)
      return { element: <RoutePage module={module} /> }
    },
    /** Starts the download, asking again if the last try failed; settles (never rejects) once it is done. */
    async prepare(): Promise<void> {
      if (loaded) return
      if (failedModules.has(forget)) forget()
      await start().catch(() => undefined)
    },
    /**
     * Downloads the code without a navigation waiting for it. The browser shares one download between this
     * and a navigation's own `import()` of the same file, so a navigation during the prefetch costs nothing more.
     */
    prefetch(): void {
      if (loaded || attempt || prefetched) return
      prefetched = true
      load().then(
        (loadedModule) => {
          loaded ??= loadedModule.default
        },
        () => undefined,
      )
    },
  }
  if (ahead) allModules.set(module, ahead)
  return module
}

/** Renders a page once its code is here; suspends while it downloads; throws a `RouteModuleError` if it failed. */
function RoutePage({ module }: { module: { current(): ComponentType | Promise<ComponentType> } }) {
  const current = module.current()
  const Page = current instanceof Promise ? use(current) : current
  return <Page />
}

export type RouteModule = ReturnType<typeof routeModule>
