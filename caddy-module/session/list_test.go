package session

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// A customer logged in twice, through two replicas, sees both sessions from either replica,
// with device, locale and times, and can end one by its handle.
func TestStoreListAndEndBySubject(t *testing.T) {
	forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		at := time.Now().Truncate(time.Millisecond)
		phone, laptop := customerSession(20, "sid-1", at), customerSession(20, "sid-2", at.Add(time.Minute))
		phone.Device, laptop.Device = "mobile/Safari", "desktop/Firefox"
		other := customerSession(21, "sid-3", at)
		for i, s := range []*Session{phone, laptop, other} {
			if err := st[i%2].Save(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		for i := range st {
			infos, err := st[i].(Lister).ListBySubject(ctx, phone.Subject)
			if err != nil {
				t.Fatal(err)
			}
			if len(infos) != 2 {
				t.Fatalf("replica %d lists %d sessions, want 2: %+v", i, len(infos), infos)
			}
			// Most recently active first.
			if infos[0].Handle != HandleOf(laptop.ID) || infos[0].Device != "desktop/Firefox" || infos[1].Device != "mobile/Safari" {
				t.Errorf("replica %d: %+v", i, infos)
			}
			if !infos[1].CreatedAt.Equal(phone.CreatedAt) || !infos[0].LastActivity.Equal(laptop.LastActivity) || infos[0].Locale != "de-DE" {
				t.Errorf("replica %d: times or locale wrong: %+v", i, infos)
			}
			js, _ := json.Marshal(infos)
			for _, secret := range []string{phone.ID, laptop.ID, keyOf(phone.ID), keyOf(laptop.ID), phone.SID, phone.CustomerNumber} {
				if strings.Contains(string(js), secret) {
					t.Errorf("the list shows %q", secret)
				}
			}
		}
		ok, err := st[0].(Lister).DeleteByHandle(ctx, phone.Subject, HandleOf(phone.ID))
		if err != nil || !ok {
			t.Fatalf("DeleteByHandle = %v, %v", ok, err)
		}
		if _, err := st[1].Get(ctx, phone.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("the ended session is still there on the other replica: %v", err)
		}
		if _, err := st[1].Get(ctx, laptop.ID); err != nil {
			t.Errorf("the other session ended too: %v", err)
		}
		if infos, _ := st[1].(Lister).ListBySubject(ctx, phone.Subject); len(infos) != 1 {
			t.Errorf("after ending one, the list has %d", len(infos))
		}
	})
}

// A customer cannot end another customer's session: not with that session's handle under
// their own subject, not with its id, not with its Redis key name.
func TestStoreDeleteByHandleRefusesAnotherSubjectsSession(t *testing.T) {
	forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		mine, victim := customerSession(30, "sid-m", time.Now()), customerSession(31, "sid-v", time.Now())
		for _, s := range []*Session{mine, victim} {
			if err := st[0].Save(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		for _, forged := range []string{HandleOf(victim.ID), victim.ID, keyOf(victim.ID), "", "*"} {
			ok, err := st[1].(Lister).DeleteByHandle(ctx, mine.Subject, forged)
			if err != nil || ok {
				t.Errorf("DeleteByHandle(%q) = %v, %v; want nothing removed", forged, ok, err)
			}
		}
		if _, err := st[1].Get(ctx, victim.ID); err != nil {
			t.Errorf("the victim's session is gone: %v", err)
		}
	})
}

func TestDeviceOf(t *testing.T) {
	for _, c := range []struct{ ua, want string }{
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36", "desktop/Chrome"},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0", "desktop/Edge"},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", "desktop/Firefox"},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1", "mobile/Safari"},
		{"Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1", "tablet/Chrome"},
		{"Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36", "mobile/Samsung"},
		{"Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36", "tablet/Chrome"},
		{"", "desktop/Other"},
		{"curl/8.4.0", "desktop/Other"},
	} {
		if got := DeviceOf(c.ua); got != c.want {
			t.Errorf("DeviceOf(%q) = %q, want %q", c.ua, got, c.want)
		}
	}
}
