package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import org.junit.jupiter.api.Test;

/**
 * Core's catalogue names the MIG profiles of each model (the linter checks requested MIG devices
 * against them); the sharing module's geometries place them. Both must list the same profiles.
 */
class CoreCatalogueMigProfilesTest {

  @Test
  void everyGeometry_hasTheProfilesOfItsCatalogueModel() {
    for (MigGeometry geometry : MigCatalogue.defaults().geometries()) {
      GpuModel model = GpuCatalogue.defaults().byName(geometry.modelName()).orElseThrow();
      assertThat(model.migProfiles())
          .as(geometry.modelName())
          .containsExactlyInAnyOrderElementsOf(geometry.profileNames());
    }
  }

  @Test
  void everyCatalogueModelWithProfiles_hasAGeometry() {
    for (GpuModel model : GpuCatalogue.defaults().models()) {
      if (!model.migProfiles().isEmpty()) {
        assertThat(MigCatalogue.defaults().geometry(model)).as(model.name()).isPresent();
      }
    }
  }
}
