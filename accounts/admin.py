from django.contrib import admin

from accounts.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["prefix", "name", "user", "created_at", "last_used_at"]
    search_fields = ["user__username", "name", "prefix"]
    readonly_fields = ["user", "key_hash", "prefix", "created_at", "last_used_at"]
    fields = ["user", "name", "prefix", "key_hash", "created_at", "last_used_at"]

    def has_add_permission(self, request):
        # A token is only ever shown at its creation: issue them from the account page.
        return False
