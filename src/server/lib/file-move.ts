/**
 * Moving stored files from the database to the bucket (`npm run cli -- images move-to-s3`): in
 * batches, oldest first; each object is written, read back and compared byte for byte before the
 * row drops its bytes. A stop loses nothing: the rows still holding bytes are what is left to do.
 */
import type { Db } from '../db/client.ts';
import { deleteObjects, fileRowExists, filesInDatabase, getObject, markMovedToBucket, putObject } from './file-store.ts';

export interface MoveProgress {
  moved: number;
  skipped: number;
}

export async function moveFilesToBucket(db: Db, opts: { batch: number; onProgress?: (p: MoveProgress) => void }): Promise<MoveProgress> {
  const progress: MoveProgress = { moved: 0, skipped: 0 };
  let after: string | null = null;
  for (;;) {
    const files = await filesInDatabase(db, opts.batch, after);
    if (files.length === 0) return progress;
    for (const file of files) {
      after = file.id;
      const bytes = Buffer.from(file.bytes!);
      await putObject({ bucket: file.bucket, name: file.name, contentType: file.contentType, bytes });
      const copy = await getObject(file.bucket, file.name);
      if (!copy?.equals(bytes)) throw new Error(`the bucket's copy of ${file.bucket}/${file.name} differs from the database's`);
      if (await markMovedToBucket(db, file.id)) {
        progress.moved++;
      } else if (!(await fileRowExists(db, file.id))) {
        // Its item or owner went while it was copied: its object goes too.
        await deleteObjects([{ bucket: file.bucket, name: file.name }]);
        progress.skipped++;
      }
    }
    opts.onProgress?.({ ...progress });
  }
}
