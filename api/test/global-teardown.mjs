export default async function globalTeardown() {
  await globalThis.__MEDORA_TEST_INFRA__?.teardown();
}
