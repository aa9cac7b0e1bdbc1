import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { err, ok, type Result } from '../../../shared/result';

/**
 * Reads a file the member chose as UTF-8 text, refusing at once what is not a regular file or is over `maxBytes`.
 * The checks are made on the opened file, so what is read is what was checked. It is opened without blocking:
 * opening a named pipe for reading would otherwise wait for a writer that never comes, and reading a device
 * (/dev/zero) would never end; at most `maxBytes` + 1 bytes are ever read, should the file grow meanwhile.
 * Failures: INVALID_INPUT "not_a_file" (a pipe, a device, a folder), TOO_LARGE "file_too_large", INVALID_INPUT
 * "file_not_read" (missing, not readable).
 */
export async function readTextFile(file: string, maxBytes: number): Promise<Result<string>> {
  let handle: FileHandle | null = null;
  try {
    // Windows has no O_NONBLOCK (undefined there, so no flag): it has no named pipes in the file system either.
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const found = await handle.stat();
    if (!found.isFile()) return err('INVALID_INPUT', 'That is not a regular file (a pipe or a device, for instance).', { reason: 'not_a_file' });
    if (found.size > maxBytes) return tooLarge(maxBytes);
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      length += bytesRead;
      if (bytesRead === 0 || length === buffer.length) break;
    }
    return length > maxBytes ? tooLarge(maxBytes) : ok(buffer.toString('utf8', 0, length));
  } catch (error) {
    return err('INVALID_INPUT', `The file could not be read: ${error instanceof Error ? error.message : String(error)}`, { reason: 'file_not_read' });
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function tooLarge(maxBytes: number) {
  return err('TOO_LARGE', `That file is larger than ${maxBytes} bytes.`, { reason: 'file_too_large' });
}
