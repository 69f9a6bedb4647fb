/**
 * Persistence adapter, sleepy: an in-memory visit store whose every call waits like slow I/O. It runs its async calls on
 * the executor it is given (flag R) and never picks one itself.
 */
package dev.vtlab.adapters.out.sleepy;
