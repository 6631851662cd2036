import { useCheapPasswordHashingInTests } from '../infra/passwords';

// Set-up file of the API test projects (vitest.config.ts): argon2id with the cheapest parameters, since
// the tests register and sign in hundreds of accounts and the OWASP cost (about 20 ms of CPU a hash) adds
// up in both database passes. What the tests check of a hash (argon2id, verification) is unchanged.
useCheapPasswordHashingInTests();
