package adminapi_test

import (
	"testing"

	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }
