// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

/** The S3 test server's fixed credentials (s3rver's own). */
export const BUCKET_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * An S3-compatible server for the tests (s3rver, in this process, its objects in `directory`)
 * with one bucket, `files`; `filesUrl` is the FILES_URL that points an app at it.
 */
export async function startBucketServer(directory: string, bucket = 'files') {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  Object.assign(process.env, BUCKET_CREDENTIALS);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    filesUrl: `s3://${bucket}?endpoint=http://127.0.0.1:${port}`,
    close: () => server.close() as Promise<void>,
  };
}
