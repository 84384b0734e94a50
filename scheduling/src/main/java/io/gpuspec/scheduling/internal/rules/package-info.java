/** The scheduling module's rules, {@code SCH001}…; see {@code docs/scheduling.md}. Not API. */
package io.gpuspec.scheduling.internal.rules;
