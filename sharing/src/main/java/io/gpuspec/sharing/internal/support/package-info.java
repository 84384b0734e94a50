/** Helpers shared by the sharing module's registration and its rules; not API. */
package io.gpuspec.sharing.internal.support;
