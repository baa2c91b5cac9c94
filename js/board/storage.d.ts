// Types of 'alfiere/board/storage': the JSON-in-localStorage helpers the board keeps its
// game with (its `storage-key`), for a page that keeps its own records beside it. None
// of them throws: storage can be full, disabled or hold a stranger's data.

/** What is stored under a key: nothing (or storage refused), JSON read back, or text that is not JSON. */
export type StoredRecord =
  | { status: 'absent'; value: null; text: null }
  | { status: 'ok'; value: unknown; text: string }
  | { status: 'unreadable'; value: null; text: string };

/** What is stored under `key`, said as absent, ok or unreadable. */
export declare function read(key: string): StoredRecord;
/** The value stored under `key` as JSON, or null (absent or unreadable). */
export declare function load(key: string): unknown;
/** Stores `value` as JSON: 'ok', 'full' (the browser's quota is reached) or 'unavailable' (no storage, or storage refused). */
export declare function store(key: string, value: unknown): 'ok' | 'full' | 'unavailable';
/** Stores `value` as JSON; whether it was stored. */
export declare function save(key: string, value: unknown): boolean;
/** Stores `text` as it is (e.g. a record that could not be read, kept beside its key); whether it was stored. */
export declare function keepText(key: string, text: string): boolean;
/** Forgets what is stored under `key` (nothing happens where storage is refused). */
export declare function remove(key: string): void;
