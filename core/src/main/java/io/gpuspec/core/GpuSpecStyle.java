package io.gpuspec.core;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.immutables.value.Value;

/**
 * The one Immutables style of gpuspec values: the "sandwich" pattern, where users see only the
 * abstract value type and its {@code Builder}, never the generated {@code Immutable*} class.
 *
 * <p>Builders are not strict, so that {@code from(base)} can start from a built value and later
 * calls replace what it set (team defaults, then a variant). A required attribute left unset fails
 * {@code build()} with an {@link IncompleteSpecException}, a {@code null} argument with a {@link
 * NullValueException}; both are {@link InvalidSpecException}s whose messages name the value, the
 * attribute and the fix.
 */
@Target({ElementType.PACKAGE, ElementType.TYPE})
@Retention(RetentionPolicy.CLASS)
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    builderVisibility = Value.Style.BuilderVisibility.PACKAGE,
    overshadowImplementation = true,
    depluralize = true,
    jdkOnly = true,
    get = {"is*", "get*"},
    throwForInvalidImmutableState = IncompleteSpecException.class,
    throwForNullPointer = NullValueException.class,
    defaults = @Value.Immutable(copy = false))
public @interface GpuSpecStyle {}
