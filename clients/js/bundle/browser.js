/**
 * Keeps documents and seen lists in the browser's `localStorage` (or another Web Storage), so they
 * survive reloads; seen lists are kept per user, as the client keys them. A storage that is full,
 * disabled (a private window, a blocked site) or absent fails open: a read finds nothing and a
 * write is dropped, and nothing is thrown into the page. The keys are the client's own, behind
 * `prefix`, so several channels or apps on one origin keep apart.
 */
export function localStorageStorage(options = {}) {
    const prefix = options.prefix ?? "";
    const storage = () => {
        if (options.storage !== undefined)
            return options.storage;
        try {
            // Reading the property itself throws where storage is disabled.
            return globalThis.localStorage ?? null;
        }
        catch {
            return null;
        }
    };
    return {
        async getItem(key) {
            try {
                return storage()?.getItem(prefix + key) ?? null;
            }
            catch {
                return null;
            }
        },
        async setItem(key, value) {
            try {
                storage()?.setItem(prefix + key, value);
            }
            catch {
                // Full (QuotaExceededError) or refused: the next load fetches again, and a mark is lost.
            }
        },
    };
}
/** Whether the code runs in a web browser (a page or a worker), where fetch is subject to CORS. */
export function isBrowser() {
    const scope = globalThis;
    if (scope.navigator?.product === "ReactNative")
        return false;
    return scope.document !== undefined || scope.WorkerGlobalScope !== undefined;
}
