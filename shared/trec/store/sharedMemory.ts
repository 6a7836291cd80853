/**
 * Memory for the columns worker threads read: a SharedArrayBuffer is passed to another thread
 * without a copy; an ArrayBuffer is cheaper to make when no other thread reads it.
 */

/** A buffer of `bytes` bytes, zeroed: in shared memory or not. */
export function memory(bytes: number, shared: boolean): ArrayBufferLike {
  return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}
