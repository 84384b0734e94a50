package io.gpuspec.core.k8s;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of NVIDIA MIG profile names and of the resources the device plugin advertises for
 * them.
 *
 * <p>A profile is spelt as NVIDIA names it (MIG User Guide, "Supported MIG Profiles",
 * https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html; mig-parted
 * and go-nvlib): an optional compute-instance size {@code <c>c.}, the compute slices {@code <g>g},
 * the memory {@code <m>gb} (positive whole numbers, as mig-parted parses them; which profiles a GPU
 * offers is the catalogue's part), and at most one attribute: {@code +me} (media extensions),
 * {@code +me.all}, {@code -me} (none) or {@code +gfx} (graphics). The device plugin's mixed
 * strategy advertises it as {@code nvidia.com/mig-<profile>}, writing {@code .} for {@code +} since
 * resource names cannot hold {@code +} ({@code nvidia.com/mig-1g.10gb.me}), and a renamed shared
 * replica with {@code .shared} appended. Both spellings name one profile, whose canonical form is
 * NVIDIA's ({@code 1g.10gb+me}).
 */
public final class MigNames {

  /** The prefix of MIG devices under the mixed strategy, e.g. {@code nvidia.com/mig-1g.10gb}. */
  public static final String RESOURCE_PREFIX = "nvidia.com/mig-";

  private static final String SHARED_SUFFIX = ".shared";

  private static final Pattern PROFILE =
      Pattern.compile(
          "(?:([1-9][0-9]?)c\\.)?([1-9][0-9]?)g\\.([1-9][0-9]{0,4})gb"
              + "(?:([+.])(me\\.all|me|gfx)|(-me))?");

  /** One parsed MIG profile name. */
  public record Profile(int computeSlices, int memoryGb, String canonical) {

    /** The profile without its attribute, e.g. {@code 1g.10gb} for {@code 1g.10gb+me}. */
    public String base() {
      int attribute = canonical.indexOf("gb") + 2;
      return canonical.substring(0, attribute);
    }

    /** The resource the device plugin advertises for it: {@code nvidia.com/mig-1g.10gb.me}. */
    public String resource() {
      return RESOURCE_PREFIX + canonical.replace('+', '.');
    }
  }

  private MigNames() {}

  /**
   * A profile name in NVIDIA's or the device plugin's spelling ({@code 1g.10gb+me} or {@code
   * 1g.10gb.me}); empty when it is not one.
   */
  public static Optional<Profile> profile(String name) {
    if (name == null) {
      return Optional.empty();
    }
    Matcher matcher = PROFILE.matcher(name);
    if (!matcher.matches()) {
      return Optional.empty();
    }
    String canonical =
        matcher.group(4) == null
            ? name
            : name.replace("gb." + matcher.group(5), "gb+" + matcher.group(5));
    return Optional.of(
        new Profile(
            Integer.parseInt(matcher.group(2)), Integer.parseInt(matcher.group(3)), canonical));
  }

  /** Whether a text is a MIG profile name in either spelling (not whether any GPU offers it). */
  public static boolean isProfile(String name) {
    return profile(name).isPresent();
  }

  /**
   * The profile a MIG resource names: {@code 1g.10gb} for {@code nvidia.com/mig-1g.10gb} and {@code
   * nvidia.com/mig-1g.10gb.shared}, {@code 1g.10gb+me} for {@code nvidia.com/mig-1g.10gb.me} and
   * {@code nvidia.com/mig-1g.10gb+me}; empty for any other resource.
   */
  public static Optional<Profile> ofResource(String resource) {
    if (resource == null || !resource.startsWith(RESOURCE_PREFIX)) {
      return Optional.empty();
    }
    String name = resource.substring(RESOURCE_PREFIX.length());
    Optional<Profile> profile = profile(name);
    if (profile.isEmpty() && name.endsWith(SHARED_SUFFIX)) {
      profile = profile(name.substring(0, name.length() - SHARED_SUFFIX.length()));
    }
    return profile;
  }

  /** The resource the device plugin advertises for a profile (given in either spelling). */
  public static Optional<String> resource(String profile) {
    return profile(profile).map(Profile::resource);
  }
}
