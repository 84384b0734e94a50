/**
 * Service providers that plug GPU sharing into core: the module, the recognizer of standalone
 * config files and the embedded-config lookup its rules share; not API.
 */
package io.gpuspec.sharing.internal;
