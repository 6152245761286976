// Run by the mongo service's health check (mongosh): initiates the single-member replica set the
// first time, then reports healthy only once this node is the writable primary.
/* global rs, db, quit */
try {
  rs.status();
} catch (error) {
  // NotYetInitialized (94) before the first rs.initiate; the set's config then lives in the volume.
  if (error.code !== 94) throw error;
  rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] });
}
if (!db.hello().isWritablePrimary) quit(1);
