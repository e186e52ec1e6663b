/** What the global setup hands every test file (`inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; urlFor: string; filesDir: string; imagesDir: string; template: string };
    /**
     * Where this project's apps keep uploads: the folder `testDatabase.filesDir` (the default),
     * or a bucket of an S3 server the setup runs (s3rver), the same tests over either (issue 33).
     */
    fileStorage?: 'folder' | 'bucket';
    /** The bucket's FILES_URL, when `fileStorage` is `bucket`. */
    filesUrl?: string;
  }
}

export {};
