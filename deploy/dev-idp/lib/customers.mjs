// The demo customers: data in customers.json, looked up by username (login) and by sub (claims).
// Records are kept whole, so later fields (personas, flags) need no change here.
import { readFileSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';

const required = ['username', 'password', 'sub', 'customer_number', 'name', 'locale'];

export function loadCustomers(file) {
  let document;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new Error(`reading demo customers from ${file} failed: fix the JSON or point DEV_IDP_CUSTOMERS at a valid file`, { cause });
  }
  const records = Array.isArray(document) ? document : document.customers;
  if (!Array.isArray(records) || records.length === 0) {
    throw new Error(`${file} has no customers: give {"customers": [{"username": ..., "password": ..., "sub": ..., ...}]}`);
  }
  const byUsername = new Map();
  const bySub = new Map();
  for (const [index, record] of records.entries()) {
    const missing = required.filter((field) => typeof record[field] !== 'string' || record[field] === '');
    if (missing.length) {
      throw new Error(`${file}: customer #${index + 1} lacks ${missing.join(', ')}: every customer needs ${required.join(', ')}`);
    }
    if (byUsername.has(record.username) || bySub.has(record.sub)) {
      throw new Error(`${file}: customer #${index + 1} repeats username ${record.username} or sub ${record.sub}: both must be unique`);
    }
    byUsername.set(record.username, record);
    bySub.set(record.sub, record);
  }
  return {
    all: () => [...byUsername.values()],
    bySub: (sub) => bySub.get(sub),
    // Returns the customer when username and password match, undefined otherwise.
    authenticate(username, password) {
      const record = byUsername.get(username);
      if (!record) return undefined;
      const given = Buffer.from(String(password));
      const wanted = Buffer.from(record.password);
      return given.length === wanted.length && timingSafeEqual(given, wanted) ? record : undefined;
    },
  };
}

// The claims a customer's tokens carry; the password and username stay inside the provider.
export function customerClaims(record) {
  const { password: _password, username: _username, ...claims } = record;
  return claims;
}
